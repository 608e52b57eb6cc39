/**
 * The server's entry (`node server.ts`). Node keeps the compiled code of every module it loads in
 * its compile cache (in the system's temporary folder; nothing is kept where it cannot write), so
 * a restart or a second instance compiles nothing again: about a quarter of a start's CPU.
 */
import { enableCompileCache } from 'node:module'

enableCompileCache()
await import('#server/main.ts')
