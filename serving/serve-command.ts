/** `query-intent serve`: the HTTP service (serving/server.ts), configured by env vars and flags. */
import type { CommandModule } from 'yargs';
import { loadConfig } from '../shared/config.js';
import { serveOverrides, withServeFlags, type ServeFlags } from './serve-flags.js';
import { runServer } from './server.js';

export const serveCommand: CommandModule<object, ServeFlags> = {
  command: 'serve',
  describe: 'serve the HTTP API (POST /classify, /classify/batch; GET /health, /version, /metrics, /openapi.json)',
  builder: (args) => withServeFlags(args) as never,
  handler: async (args) => {
    await runServer(loadConfig(serveOverrides(args)));
  },
};
