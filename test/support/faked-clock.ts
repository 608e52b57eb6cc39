import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** Where Debian's faketime package puts libfaketime (scripts/ci/system-packages.ts installs it). */
function libfaketime(): string {
	const lib = '/usr/lib'
	for (const folder of readdirSync(lib)) {
		const path = join(lib, folder, 'faketime', 'libfaketime.so.1')
		if (existsSync(path)) return path
	}
	throw new Error('libfaketime is not installed: apt-get install faketime')
}

/**
 * The settings that start the built server with its clock at an Arizona wall-clock time
 * ('2027-02-10T10:00:00'), running on from there: the server is the real one, only the time it
 * reads is another (libfaketime). Arizona keeps UTC-7 all year.
 */
export function serverClockAt(arizonaTime: string): Record<string, string> {
	const utc = new Date(`${arizonaTime}-07:00`).toISOString().replace('T', ' ').slice(0, 19)
	return { LD_PRELOAD: libfaketime(), FAKETIME: `@${utc}`, FAKETIME_DONT_FAKE_MONOTONIC: '1', TZ: 'UTC' }
}
