/** The message of anything thrown, for logs and JSON errors. */
export function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error)
}
