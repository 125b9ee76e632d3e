// The lane's devices, each behind a small interface with a simulator beside it, so the lane's state
// machine and its tests never need hardware.

/** Unsubscribes a listener. */
export type Off = () => void;

/** An IC card reader at the lane: the card number when a driver presents a card. */
export interface CardReader {
  onCard(listener: (cardNo: string) => void): Off;
  close(): Promise<void>;
}

export interface PlateEvent {
  plate: string;
  /** the picture the plate was read from (JPEG as the camera sends it) */
  snapshot: Buffer;
  at: Date;
}

/** A licence-plate camera: a recognised plate with its picture; a snapshot on demand (evidence). */
export interface PlateCamera {
  onPlate(listener: (e: PlateEvent) => void): Off;
  snapshot(): Promise<Buffer>;
  close(): Promise<void>;
}

/** The infrared beams at each end of the platform: true while a beam is blocked. */
export interface PositionSensors {
  front: boolean;
  rear: boolean;
}

export type LaneEnd = 'front' | 'rear';
export type LightColor = 'red' | 'green';

/** The lane's IO: position sensors in; barriers and traffic lights out. */
export interface LaneIo {
  readSensors(): Promise<PositionSensors>;
  setBarrier(end: LaneEnd, open: boolean): Promise<void>;
  setLight(end: LaneEnd, color: LightColor): Promise<void>;
  close(): Promise<void>;
}

/** The LED board facing the driver. */
export interface LedDisplay {
  show(lines: string[]): Promise<void>;
}

/** The lane's voice prompts (text to speech on the lane PC or the speaker's own TTS). */
export interface Speaker {
  say(text: string): Promise<void>;
}
