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
	/**
	 * How long requests are held at most at the drain's end: enough for clients that keep sending
	 * to be all waiting on an answer (quietMs and a little); a stream of new visitors that never
	 * pauses is answered again after it, as during the drain.
	 */
	holdMaxMs: number
	/** After the listener closed, connections still idle go after this long. */
	idleCloseMs: number
	/** After the drain, how long requests in flight may still run before `finish` runs anyway. */
	inFlightGraceMs: number
}

/**
 * The graceful shutdown of an HTTP server, in order: on `begin()` the drain (every request still
 * answered, `draining` true so answers close their connections and readiness says 503); then the
 * hold: requests that arrive are admitted only once the listener has closed, so clients that keep
 * sending wait for their answer instead of connecting again, and the kernel's accept queue
 * empties; the listener closes at the first quiet moment (closing it resets whatever that queue
 * still holds), and the held requests are answered, each closing its connection, so a client's
 * next attempt is refused, never reset; idle connections go; `finish` runs once the last
 * connection has ended, or after the grace period whatever is still running. `finish` runs once.
 */
export function gracefulShutdown(server: http.Server, times: ShutdownTimes, finish: () => void | Promise<void>) {
	let draining = false
	let finished = false
	let lastConnectionAt = 0
	/** Requests held until the listener has closed: null before the hold and after it. */
	let held: (() => void)[] | null = null
	let holdOver = false
	const release = () => {
		holdOver = true
		const waiting = held ?? []
		held = null
		for (const admit of waiting) admit()
	}
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
		release()
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
			setTimeout(() => {
				if (!holdOver) held = []
				setTimeout(release, times.holdMaxMs).unref()
				closeWhenQuiet(performance.now() + times.quietWaitMaxMs)
			}, times.drainMs)
			return true
		},
		/** Runs `proceed` for a request now, or during the hold once the listener has closed. */
		admit(proceed: () => void) {
			if (held) held.push(proceed)
			else proceed()
		},
	}
}
