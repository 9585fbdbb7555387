import yargs from 'yargs';
import { describe, expect, it } from 'vitest';
import { serveOverrides, withServeFlags } from '../../cli/serve-flags.js';
import { loadConfig } from '../../shared/config.js';

const parse = (argv: string[]) => withServeFlags(yargs(argv)).strict().parseAsync();

describe('serve flags', () => {
  it('override the environment, setting by setting', async () => {
    const env = { PORT: '9000', LOG_QUERIES: 'true', BATCH_MAX_SIZE: '8' };
    const flags = await parse(['--port', '0', '--host', '::1', '--no-log-queries', '--request-timeout-ms', '500', '--body-limit', '2048', '--encoder-workers', '1', '--shutdown-timeout-ms', '900', '--log-level', 'error', '--api-key', 'flag-key-123']);
    expect(loadConfig(serveOverrides(flags), env).serving).toEqual({
      host: '::1',
      port: 0,
      apiKey: 'flag-key-123',
      logQueries: false,
      logLevel: 'error',
      requestTimeoutMs: 500,
      bodyLimitBytes: 2048,
      batchMaxSize: 8,
      encoderWorkers: 1,
      encoderWorkerNiceness: 5,
      logHashSecret: undefined,
      shutdownTimeoutMs: 900,
    });
  });

  it('leave the environment alone when absent', async () => {
    const serving = loadConfig(serveOverrides(await parse([])), { PORT: '9000', LOG_QUERIES: 'true' }).serving;
    expect(serving).toMatchObject({ port: 9000, logQueries: true, host: '127.0.0.1' });
  });

  it('resolve --artifacts to an absolute folder', async () => {
    expect(loadConfig(serveOverrides(await parse(['--artifacts', 'some/dir'])), {}).paths.artifactsDir).toBe(`${process.cwd()}/some/dir`);
  });
});
