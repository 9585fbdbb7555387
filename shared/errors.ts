/** Errors users can act on: the CLI prints `message` as one line and exits non-zero. */
export class UserFacingError extends Error {
  override readonly name: string = 'UserFacingError';
}

/** A setting is missing, unknown or out of range. */
export class ConfigError extends UserFacingError {
  override readonly name = 'ConfigError';
}

/** A file the job needs is missing or is not the file it claims to be. */
export class IntegrityError extends UserFacingError {
  override readonly name = 'IntegrityError';
}
