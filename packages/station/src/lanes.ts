import { TcpLineCardReader } from './devices/card-reader-tcp.js';
import { ModbusLaneIo } from './devices/modbus-io.js';
import { SimulatedPlateCamera } from './devices/simulators.js';
import type { LedDisplay, Speaker } from './devices/types.js';
import { HttpLaneServer } from './lane/http-lane-server.js';
import { type LaneDevices, LaneRunner } from './lane/runner.js';
import type { LaneConfig, StationConfig } from './config.js';
import type { Reading } from './stability.js';

export interface Lane {
  scaleId: string;
  runner: LaneRunner;
  server: HttpLaneServer;
  devices: LaneDevices;
}

export interface Lanes {
  lanes: Lane[];
  /** StationAgent's onReading: a lane scale's readings go to its lane */
  onReading(scaleId: string, reading: Reading): void;
  start(): void;
  stop(): Promise<void>;
}

/** The LED board and speaker that have no driver yet: their text goes to the agent's output. */
function loggedLed(scaleId: string, log: (line: string) => void): LedDisplay {
  return { show: async (lines) => log(`lane ${scaleId} LED: ${lines.join(' | ')}`) };
}
function loggedSpeaker(scaleId: string, log: (line: string) => void): Speaker {
  return { say: async (text) => log(`lane ${scaleId} voice: ${text}`) };
}

function devicesFor(l: LaneConfig, log: (line: string) => void): LaneDevices {
  return {
    cardReader: new TcpLineCardReader({ host: l.cardReader.host, port: l.cardReader.port }),
    camera: new SimulatedPlateCamera(),
    io: new ModbusLaneIo({ host: l.io.host, port: l.io.port, timeoutMs: l.io.timeoutMs }, l.io.map),
    led: loggedLed(l.scaleId, log),
    speaker: loggedSpeaker(l.scaleId, log),
  };
}

/**
 * The config's lanes, each a LaneRunner on its devices and the server's lane calls under the
 * station key. `queued` is what the agent still holds for the server (its readings), reported with
 * the lane's phase.
 */
export function buildLanes(config: StationConfig, queued: () => number, log: (line: string) => void): Lanes {
  const lanes = config.lanes.map((l): Lane => {
    let runner: LaneRunner | null = null;
    const server = new HttpLaneServer({
      server: config.server,
      stationKey: config.stationKey,
      onDecision: (d) => runner?.operator(d),
      pollMs: l.answerPollMs,
      log,
    });
    const devices = devicesFor(l, log);
    runner = new LaneRunner(devices, server, {
      settings: {
        arrivalTimeoutMs: l.timeouts.arrivalMs,
        positionTimeoutMs: l.timeouts.positionMs,
        stableTimeoutMs: l.timeouts.stableMs,
        leaveTimeoutMs: l.timeouts.leaveMs,
        minWeight: l.minWeight,
      },
      pollMs: l.pollMs,
      tickMs: l.tickMs,
      log,
    });
    return { scaleId: l.scaleId, runner, server, devices };
  });
  const byScale = new Map(lanes.map((l) => [l.scaleId, l]));
  const every = new Map(config.lanes.map((l) => [l.scaleId, l.statusEveryMs]));
  return {
    lanes,
    onReading: (scaleId, reading) => byScale.get(scaleId)?.runner.reading(reading),
    start() {
      for (const l of lanes) {
        l.runner.start();
        const ms = every.get(l.scaleId) ?? 0;
        if (ms > 0) l.server.startStatus(ms, queued, () => l.runner.phase);
      }
    },
    async stop() {
      for (const l of lanes) {
        l.runner.stop();
        l.server.stop();
      }
      await Promise.all(lanes.map((l) => l.runner.settled()));
      await Promise.all(lanes.flatMap((l) => [l.devices.cardReader.close(), l.devices.camera.close(), l.devices.io.close()]));
    },
  };
}
