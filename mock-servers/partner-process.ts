/**
 * The partner stand-in in a process of its own, as the real partner is a
 * machine of its own: a test that loads the site with hundreds of requests
 * at once cannot then slow the partner's answers down by keeping the test
 * process busy. Run through `startPartnerProcess()`; it answers IPC messages.
 */
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { PartnerMode } from '#mock-servers/partner.ts'

type Call = { call: 'setMode'; mode: PartnerMode; slowMs?: number } | { call: 'hits' } | { call: 'stop' }
type Request = Call & { id: number }

if (process.send && process.argv[2] === 'serve') {
	const { startPartnerStandIn } = await import('#mock-servers/partner.ts')
	const partner = await startPartnerStandIn()
	process.send({ ready: true, url: partner.url })
	process.on('message', async (message: Request) => {
		if (message.call === 'setMode') partner.setMode(message.mode, { slowMs: message.slowMs })
		if (message.call === 'stop') await partner.stop()
		process.send?.({ id: message.id, hits: message.call === 'hits' ? [...partner.hits] : undefined })
		if (message.call === 'stop') process.exit(0)
	})
}

export type PartnerProcess = {
	url: string
	setMode(mode: PartnerMode, options?: { slowMs?: number }): Promise<void>
	/** The paths asked for so far, in order. */
	hits(): Promise<string[]>
	stop(): Promise<void>
}

export async function startPartnerProcess(): Promise<PartnerProcess> {
	const child = fork(fileURLToPath(import.meta.url), ['serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
	const url = await new Promise<string>((resolve, reject) => {
		child.once('message', (message: { url: string }) => resolve(message.url))
		child.once('exit', (code) => reject(new Error(`The partner stand-in process exited (${code})`)))
	})
	let next = 0
	const ask = (request: Call) =>
		new Promise<{ hits?: string[] }>((resolve) => {
			const id = (next += 1)
			const listen = (message: { id?: number; hits?: string[] }) => {
				if (message.id !== id) return
				child.off('message', listen)
				resolve(message)
			}
			child.on('message', listen)
			child.send({ ...request, id })
		})
	return {
		url,
		async setMode(mode, options = {}) {
			await ask({ call: 'setMode', mode, slowMs: options.slowMs })
		},
		async hits() {
			return (await ask({ call: 'hits' })).hits ?? []
		},
		async stop() {
			if (child.exitCode !== null) return
			const exited = new Promise((resolve) => child.once('exit', resolve))
			await ask({ call: 'stop' })
			await exited
		},
	}
}
