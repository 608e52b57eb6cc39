/** Time as the server's services read it: tests pass a clock of their own. */
export type Clock = { now: () => number; sleep: (ms: number) => Promise<void> }

export const systemClock: Clock = {
	now: () => Date.now(),
	sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}
