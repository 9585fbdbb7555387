/**
 * GET /health (outside auth). `ok` when every head is ready (artifacts loaded and verified, one
 * warm-up inference done) and every encoder worker is up; `degraded` when ad_content serves the
 * placeholder, a head has no calibration, or encoder workers are being replaced, with one line per
 * cause in `reasons`; `unavailable` with HTTP 503 while loading, or when loading or the warm-up
 * failed. model_path / calibration_path are relative to the artifacts folder (`<version>/heads/...`),
 * never host paths: the route is open to anyone who can reach the port.
 */
import { dirname, relative } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { AD_CONTENT_HEAD } from '../../shared/artifacts/layout.js';
import { INTENT_HEADS } from '../../shared/labels.js';
import { packageVersion } from '../../shared/pipeline/classifier-runtime.js';
import { degradedReasons, redactPaths, type ClassifierService } from '../classifier-service.js';
import { ref } from '../schemas.js';

export interface HeadStatus {
  head: string;
  /** Relative to the artifacts folder (version/file), never a filesystem path of the host; "" before loading. */
  model_path: string;
  /** Same; "" when the head has no calibration artifact. */
  calibration_path: string;
  ready: boolean;
  calibrated: boolean;
}

/** A loaded head's files as the spec's model_path / calibration_path, relative to the artifacts folder. */
function headPaths(artifactsDir: string, head: { modelPath: string; calibrationPath: string; calibration?: unknown } | undefined): { model_path: string; calibration_path: string } {
  if (!head) return { model_path: '', calibration_path: '' };
  return { model_path: relative(artifactsDir, head.modelPath), calibration_path: head.calibration !== undefined ? relative(artifactsDir, head.calibrationPath) : '' };
}

export interface HealthReport {
  status: 'ok' | 'degraded' | 'unavailable';
  system_version: string;
  /** Why the status is not `ok`, one line per cause (empty when ok). */
  reasons: string[];
  heads: HeadStatus[];
  /** Encoder worker threads (absent when the encoder runs on the main thread). */
  encoder_workers?: { size: number; ready: number };
}

export function healthReport(service: ClassifierService): HealthReport {
  const runtime = service.runtime;
  const serving = service.state === 'ready';
  const stats = service.workers();
  const workers = stats ? { encoder_workers: { size: stats.size, ready: stats.ready } } : {};
  if (!runtime || !serving) {
    const heads = [
      ...INTENT_HEADS.map((head) => ({ head, model_path: '', calibration_path: '', ready: false, calibrated: runtime?.artifacts.intentHeads[head].calibration !== undefined && runtime !== undefined })),
      { head: AD_CONTENT_HEAD, model_path: '', calibration_path: '', ready: false, calibrated: runtime?.artifacts.adContent?.calibration !== undefined && runtime !== undefined },
    ];
    const reason =
      service.state === 'loading'
        ? 'loading artifacts and warming up the encoder'
        : `the classifier failed to load: ${redactPaths(service.failure?.message ?? 'unknown error', runtime?.artifacts.dir ?? '\0')}`;
    return { status: 'unavailable', system_version: runtime?.systemVersion ?? packageVersion(), reasons: [reason], heads, ...workers };
  }
  const root = dirname(runtime.artifacts.dir);
  const intent = INTENT_HEADS.map((head) => ({ head, ...headPaths(root, runtime.artifacts.intentHeads[head]), ready: true, calibrated: runtime.artifacts.intentHeads[head].calibration !== undefined }));
  const adContent = { head: AD_CONTENT_HEAD, ...headPaths(root, runtime.artifacts.adContent), ready: runtime.adContent !== undefined, calibrated: runtime.artifacts.adContent?.calibration !== undefined };
  const reasons = degradedReasons(runtime);
  if (stats && stats.ready < stats.size) reasons.push(`encoder workers: ${stats.ready} of ${stats.size} ready (replacing a worker that stopped)`);
  return { status: reasons.length === 0 ? 'ok' : 'degraded', system_version: runtime.systemVersion, reasons, heads: [...intent, adContent], ...workers };
}

export const healthRoute: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Readiness, the state of every head, and why the service is degraded',
        response: {
          200: { description: 'status ok or degraded: the service answers /classify', ...ref('health') },
          503: { description: 'status unavailable: loading, or an intent head cannot serve', ...ref('health') },
        },
      },
    },
    async (_request, reply) => {
      const report = healthReport(app.classifier);
      return reply.code(report.status === 'unavailable' ? 503 : 200).send(report);
    },
  );
};
