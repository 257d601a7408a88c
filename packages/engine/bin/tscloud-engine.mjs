#!/usr/bin/env node
// The engine is written in TypeScript and run through tsx, so the package needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/server/cli.ts');
