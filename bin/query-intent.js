#!/usr/bin/env node
// Thin launcher: the CLI is TypeScript run through tsx, so `query-intent` works without a build step.
import { register } from 'tsx/esm/api';

register();
await import('../cli/query-intent.ts');
