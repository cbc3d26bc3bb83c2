// The one alias through which the server and the web reach what they share (docs/architecture.md):
// `@shared/contracts/*` (the API's schemas and types, server/contracts) and `@shared/rules/*` (import-free rules both
// sides apply, rules/). TypeScript reads the same mapping from the tsconfig files; Vite and Vitest from here.
import { fileURLToPath } from 'node:url';

export const sharedAliases = {
  '@shared/contracts': fileURLToPath(new URL('./server/contracts', import.meta.url)),
  '@shared/rules': fileURLToPath(new URL('./rules', import.meta.url)),
};
