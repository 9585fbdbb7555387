/**
 * GET /health (outside auth). `ok` when every head is ready (artifacts loaded and verified, one
 * warm-up inference done); `degraded` when ad_content serves the placeholder or a head has no
 * calibration; `unavailable` with HTTP 503 while loading, or when loading or the warm-up failed.
 */
import type { FastifyPluginAsync } from 'fastify';
import { AD_CONTENT_HEAD } from '../../shared/artifacts/layout.js';
import { INTENT_HEADS } from '../../shared/labels.js';
import { PACKAGE_VERSION } from '../../shared/pipeline/classifier-runtime.js';
import type { ClassifierService } from '../classifier-service.js';
import { ref } from '../schemas.js';

export interface HeadStatus {
  head: string;
  model_path: string;
  calibration_path: string;
  ready: boolean;
  calibrated: boolean;
}

export interface HealthReport {
  status: 'ok' | 'degraded' | 'unavailable';
  system_version: string;
  heads: HeadStatus[];
}

export function healthReport(service: ClassifierService): HealthReport {
  const runtime = service.runtime;
  const serving = service.state === 'ready';
  if (!runtime) {
    const heads = [...INTENT_HEADS, AD_CONTENT_HEAD].map((head) => ({ head, model_path: '', calibration_path: '', ready: false, calibrated: false }));
    return { status: 'unavailable', system_version: PACKAGE_VERSION, heads };
  }
  const intent = INTENT_HEADS.map((head) => {
    const loaded = runtime.artifacts.intentHeads[head];
    const calibrated = loaded.calibration !== undefined;
    return { head, model_path: loaded.modelPath, calibration_path: calibrated ? loaded.calibrationPath : '', ready: serving, calibrated };
  });
  const ad = runtime.artifacts.adContent;
  const adCalibrated = ad?.calibration !== undefined;
  const adContent = {
    head: AD_CONTENT_HEAD,
    model_path: ad?.modelPath ?? '',
    calibration_path: ad && adCalibrated ? ad.calibrationPath : '',
    ready: serving && runtime.adContent !== undefined,
    calibrated: adCalibrated,
  };
  const heads = [...intent, adContent];
  const status = !serving ? 'unavailable' : heads.every((h) => h.ready && h.calibrated) ? 'ok' : 'degraded';
  return { status, system_version: runtime.systemVersion, heads };
}

export const healthRoute: FastifyPluginAsync = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Readiness and the state of every head',
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
