/**
 * The track scale's figures (轨道衡) are the protocol's (track.ts: a wagon's net, loss, tolerance,
 * over-tolerance loss and charge, a train's totals), shared with the train form's live totals line;
 * here what only the server decides.
 */
export { toleranceOf, trainTotals, wagonFigures, type LossBasis, type LossHandling, type LossTerms, type TrainTotals, type WagonFigures, type WagonWeights } from '@wb/protocol';

/** Why a wagon cannot be posted to stock, or null: it must be weighed (gross above tare) and name a material. */
export function wagonNotPostable(trainNo: string, w: { wagonNo: string; gross: string | null; tare: string | null; materialId: string | null }): { field: string; message: string } | null {
  if (w.gross === null) return { field: 'gross', message: `车次 ${trainNo} 车号 ${w.wagonNo} 未称毛重，不能审核` };
  if (w.tare === null) return { field: 'tare', message: `车次 ${trainNo} 车号 ${w.wagonNo} 没有皮重（标重或过磅），不能审核` };
  if (w.materialId === null) return { field: 'materialId', message: `车次 ${trainNo} 车号 ${w.wagonNo} 没有物料，不能审核` };
  return null;
}
