/** `query-intent serve`: the HTTP service (serving/server.ts), configured by env vars and flags. */
import { loadConfig } from '../shared/config.js';
import { serveOverrides, withServeFlags, type ServeFlags } from './serve-flags.js';
import { runServer } from '../serving/server.js';
import { defineCommand } from './define-command.js';

export const serveCommand = defineCommand<ServeFlags>({
  command: 'serve',
  describe: 'serve the HTTP API (POST /classify, /classify/batch; GET /health, /version, /metrics, /openapi.json)',
  examples: [['PORT=8080 query-intent serve', 'serve on 127.0.0.1:8080 with the current artifacts']],
  builder: (args) => withServeFlags(args),
  handler: async (args) => {
    await runServer(loadConfig(serveOverrides(args)));
  },
});
