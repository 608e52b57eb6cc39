/**
 * A Lighthouse trace with the page's main-thread tasks shortened to the time the thread really ran.
 *
 * Lighthouse's phone figures (`throttlingMethod: 'simulate'`) come from the wall-clock length of
 * each task in an unthrottled trace, times four (times two for a task that lays the page out). A
 * task's wall-clock length also holds the time its thread waited for a core: while Lighthouse
 * records a page, Chromium's compositor, browser and renderer threads, the built server and
 * Lighthouse itself share the machine's cores, and on a 2-core machine a task of 1.5 ms of thread
 * time has lasted 37 ms on the clock (the loader's first step on Phoenix, 2026-11-27), which the
 * simulation counts as a 147 ms task.
 *
 * This rewrites one trace so that each top-level task of the page's main thread lasts its thread
 * time (`tdur`): the task's own events keep their order and nesting, moved towards the task's
 * start in proportion; a task never grows, every other thread and every network event stays as it
 * was. Lighthouse, given the rewritten trace in its audit mode, then computes the figures the same
 * page would get if its main thread had had a core to itself. It is a second reading of the same
 * run, printed beside Lighthouse's own, never instead of it, and a lower bound: thread time also
 * leaves out the waits a phone has too, a synchronous storage read or a call to the browser process.
 */

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number }
type Trace = TraceEvent[] | { traceEvents: TraceEvent[] }

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

/** Rewrites `trace` in place and returns how many tasks it shortened (0 when it found no page). */
export function shortenTasksToThreadTime(trace: Trace): number {
	const events = Array.isArray(trace) ? trace : trace.traceEvents
	// The page's first contentful paint is marked on its renderer's main thread.
	const paint = events.find((event) => event.name === 'firstContentfulPaint')
	if (!paint) return 0
	const onMain = events
		.filter((event) => event.pid === paint.pid && event.tid === paint.tid && event.ph !== 'M')
		.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
	const topLevel: TraceEvent[] = []
	for (const event of onMain) {
		if (event.ph !== 'X' || !TASK_NAMES.has(event.name) || !event.dur || typeof event.tdur !== 'number') continue
		const previous = topLevel.at(-1)
		if (!previous || event.ts >= previous.ts + (previous.dur ?? 0)) topLevel.push(event)
	}
	let next = 0
	let shortened = 0
	for (const task of topLevel) {
		const start = task.ts
		const end = task.ts + (task.dur ?? 0)
		const factor = Math.min(1, (task.tdur ?? 0) / (task.dur ?? 1))
		while (next < onMain.length && (onMain[next]?.ts ?? 0) < start) next += 1
		// The task and everything that began inside it (parents sort before their children).
		const inside: TraceEvent[] = []
		for (let index = next; index < onMain.length; index += 1) {
			const event = onMain[index]
			if (!event || (event.ts >= end && event !== task)) break
			inside.push(event)
		}
		for (const event of inside) {
			event.ts = start + (event.ts - start) * factor
			if (typeof event.dur === 'number') event.dur *= factor
		}
		if (factor < 1) shortened += 1
	}
	return shortened
}
