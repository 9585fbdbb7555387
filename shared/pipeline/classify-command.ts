/** `query-intent classify "text"`: print the full envelope for one query. */
import type { CommandModule } from 'yargs';
import { loadConfig } from '../config.js';
import { encoderOverrides, withEncoderFlags, type EncoderFlags } from '../encoder/encoder-options.js';
import { UserFacingError } from '../errors.js';
import { loadClassifierRuntime } from './classifier-runtime.js';
import { classifyQuery } from './classify-query.js';

interface ClassifyArgs extends EncoderFlags {
  text: string;
  artifacts?: string;
}

export const classifyCommand: CommandModule<object, ClassifyArgs> = {
  command: 'classify <text>',
  describe: 'classify one query and print its decision envelope',
  builder: (args) =>
    withEncoderFlags(args)
      .positional('text', { type: 'string', demandOption: true })
      .option('artifacts', { type: 'string', describe: 'artifacts folder (default artifacts/; env ARTIFACTS_DIR)' }) as never,
  handler: async (args) => {
    if (args.text.trim() === '') throw new UserFacingError('text is empty after trimming');
    const config = loadConfig({ ...encoderOverrides(args), paths: { artifactsDir: args.artifacts } });
    const runtime = await loadClassifierRuntime(config);
    try {
      console.log(JSON.stringify(await classifyQuery(runtime, args.text.trim()), null, 2));
    } finally {
      await runtime.encoder.dispose();
    }
  },
};
