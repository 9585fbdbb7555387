import { ConfigError } from './errors.js';

/** Node says ERR_MODULE_NOT_FOUND; a bundler's loader (vitest's) says it cannot resolve the name. */
export function isPackageMissing(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof message === 'string' && !message.includes(name)) return false;
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return true;
  return typeof message === 'string' && /cannot find|could not resolve|failed to resolve/i.test(message);
}

/**
 * Run `load` (which imports the optional `packages`); when one of them is not installed, a ConfigError
 * says what needs it and the command that installs it. Any other failure passes through.
 */
export interface OptionalPackage {
  name: string;
  range: string;
  /** Environment settings the install command needs (e.g. to skip a postinstall download). */
  installEnv?: string;
}

export async function withOptionalPackages<T>(packages: readonly OptionalPackage[], purpose: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = packages.find((p) => isPackageMissing(error, p.name));
    if (!missing) throw error;
    const env = packages.flatMap((p) => (p.installEnv ? [`${p.installEnv} `] : [])).join('');
    const install = packages.map((p) => `${p.name}@${p.range}`).join(' ');
    throw new ConfigError(`${purpose} needs the optional package ${missing.name}, which is not installed: run \`${env}npm install --no-save ${install}\``);
  }
}
