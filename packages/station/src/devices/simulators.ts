import type { CardReader, LedDisplay, Off, PlateCamera, PlateEvent, Speaker } from './types.js';
import { simulatedPicture } from '../sim/picture.js';

class Listeners<T> {
  private readonly set = new Set<(v: T) => void>();
  add(l: (v: T) => void): Off {
    this.set.add(l);
    return () => this.set.delete(l);
  }
  emit(v: T): void {
    for (const l of this.set) l(v);
  }
}

export class SimulatedCardReader implements CardReader {
  private readonly listeners = new Listeners<string>();
  onCard(listener: (cardNo: string) => void): Off {
    return this.listeners.add(listener);
  }
  /** A driver holds a card to the reader. */
  present(cardNo: string): void {
    this.listeners.emit(cardNo);
  }
  async close(): Promise<void> {}
}

/** A camera whose pictures are small PNG-like byte strings naming the plate (enough to follow). */
export class SimulatedPlateCamera implements PlateCamera {
  private readonly listeners = new Listeners<PlateEvent>();
  private lastPlate = '';
  snapshots = 0;
  onPlate(listener: (e: PlateEvent) => void): Off {
    return this.listeners.add(listener);
  }
  /** A truck drives into view. */
  recognise(plate: string, at = new Date()): PlateEvent {
    this.lastPlate = plate;
    const e = { plate, snapshot: this.picture(at), at };
    this.listeners.emit(e);
    return e;
  }
  async snapshot(): Promise<Buffer> {
    this.snapshots++;
    return this.picture(new Date());
  }
  private picture(at: Date): Buffer {
    return simulatedPicture(`SIMULATED-SNAPSHOT ${this.lastPlate} ${at.toISOString()}`, at);
  }
  async close(): Promise<void> {}
}

export class SimulatedLed implements LedDisplay {
  readonly shown: string[][] = [];
  async show(lines: string[]): Promise<void> {
    this.shown.push(lines);
  }
  get current(): string[] | undefined {
    return this.shown.at(-1);
  }
}

export class SimulatedSpeaker implements Speaker {
  readonly said: string[] = [];
  async say(text: string): Promise<void> {
    this.said.push(text);
  }
}
