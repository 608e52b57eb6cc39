import { describe, expect, test } from 'vitest'
import { shortenTasksToThreadTime } from '#scripts/measure/thread-time-trace.ts'

const MAIN = { pid: 1, tid: 10 }
const OTHER = { pid: 2, tid: 20 }

/** A page's main thread: a 40 ms task that ran 10 ms with a script inside, the paint, a short task after. */
function trace() {
	return {
		traceEvents: [
			{ name: 'thread_name', ph: 'M', ts: 0, ...MAIN },
			{ name: 'RunTask', ph: 'X', ts: 1_000, dur: 40_000, tdur: 10_000, ...MAIN },
			{ name: 'EvaluateScript', ph: 'X', ts: 5_000, dur: 20_000, tdur: 6_000, ...MAIN },
			{ name: 'ResourceSendRequest', ph: 'I', ts: 21_000, ...MAIN },
			{ name: 'firstContentfulPaint', ph: 'R', ts: 45_000, ...MAIN },
			{ name: 'RunTask', ph: 'X', ts: 50_000, dur: 4_000, tdur: 4_000, ...MAIN },
			{ name: 'RunTask', ph: 'X', ts: 1_000, dur: 40_000, tdur: 2_000, ...OTHER },
		],
	}
}

describe('a Lighthouse trace at thread time', () => {
	test('a task that waited for a core lasts its thread time, its events moved inside it in proportion', () => {
		const rewritten = trace()
		expect(shortenTasksToThreadTime(rewritten)).toBe(1)
		const [, task, script, request, paint, after, other] = rewritten.traceEvents
		expect(task).toMatchObject({ ts: 1_000, dur: 10_000 })
		expect(script).toMatchObject({ ts: 2_000, dur: 5_000 })
		expect(request).toMatchObject({ ts: 6_000 })
		// What came after the task, and every other thread, is left as it was.
		expect(paint).toMatchObject({ ts: 45_000 })
		expect(after).toMatchObject({ ts: 50_000, dur: 4_000 })
		expect(other).toMatchObject({ ts: 1_000, dur: 40_000 })
	})

	test('a trace without the page’s first paint is left alone', () => {
		const rewritten = trace()
		rewritten.traceEvents.splice(4, 1)
		expect(shortenTasksToThreadTime(rewritten)).toBe(0)
		expect(rewritten.traceEvents[1]).toMatchObject({ ts: 1_000, dur: 40_000 })
	})
})
