import type http from 'node:http'
import net from 'node:net'

/**
 * Whether the listener may close now. Closing a listener resets every connection still waiting in
 * the kernel's accept queue: those clients have sent their request and get no answer. So it closes
 * only once no connection has arrived for `quietMs`, judged by a timer that fired on time (a late
 * one means the event loop was busy, and connections may be queued but not yet seen), or once the
 * wait has reached `giveUpAt` (clients that never stop).
 */
export function listenerMayClose(at: { now: number; waitedSince: number; lastConnectionAt: number; giveUpAt: number; quietMs: number }): boolean {
	const loopWasFree = at.now - at.waitedSince < at.quietMs * 2
	const quiet = loopWasFree && at.now - at.lastConnectionAt >= at.quietMs
	return quiet || at.now >= at.giveUpAt
}

export type ShutdownTimes = {
	/** How long everything is still answered (readiness saying 503) before the listener may close. */
	drainMs: number
	/** The listener closes once no connection has arrived for this long... */
	quietMs: number
	/** ...or, if clients keep coming without a load balancer in front, this long after the drain at most. */
	quietWaitMaxMs: number
	/** After the listener closed, connections still idle go after this long. */
	idleCloseMs: number
	/** After the drain, how long requests in flight may still run before `finish` runs anyway. */
	inFlightGraceMs: number
}

/**
 * The graceful shutdown of an HTTP server, in order: on `begin(signal)` the drain (every request
 * still answered, `draining` true so answers close their connections and readiness says 503); then
 * the listener closes at the first quiet moment; idle connections go; `finish` runs once the last
 * connection has ended, or after the grace period whatever is still running. `finish` runs once.
 */
export function gracefulShutdown(server: http.Server, times: ShutdownTimes, finish: () => void | Promise<void>) {
	let draining = false
	let finished = false
	let lastConnectionAt = 0
	server.on('connection', () => void (lastConnectionAt = performance.now()))
	const done = () => {
		if (finished) return
		finished = true
		void finish()
	}
	const stopListening = () => {
		// The listener closes, but not yet the connections: http.Server's own close() would also end every
		// connection with no request parsed yet, and on a busy machine a request can sit unread on an
		// accepted connection for a moment; ending it would reset the request. net.Server's close()
		// only stops accepting. Connections still idle go a little later.
		net.Server.prototype.close.call(server, done)
		setTimeout(() => server.closeIdleConnections(), times.idleCloseMs).unref()
		// Requests still running after the grace period are cut off.
		setTimeout(done, times.inFlightGraceMs).unref()
	}
	const closeWhenQuiet = (giveUpAt: number) => {
		const waitedSince = performance.now()
		setTimeout(() => {
			const now = performance.now()
			if (!listenerMayClose({ now, waitedSince, lastConnectionAt, giveUpAt, quietMs: times.quietMs })) return closeWhenQuiet(giveUpAt)
			// In the check phase, right after the event loop has accepted everything the kernel held.
			const seen = lastConnectionAt
			setImmediate(() => (lastConnectionAt === seen || now >= giveUpAt ? stopListening() : closeWhenQuiet(giveUpAt)))
		}, times.quietMs)
	}
	return {
		/** Whether the drain has begun: answers close their connections, readiness says 503. */
		get draining() {
			return draining
		},
		/** Begins the sequence (a second call does nothing); returns whether this call began it. */
		begin(): boolean {
			if (draining) return false
			draining = true
			setTimeout(() => closeWhenQuiet(performance.now() + times.quietWaitMaxMs), times.drainMs)
			return true
		},
	}
}
