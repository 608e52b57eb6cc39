/** The JSON API's paths: no trailing-slash redirect, JSON errors. */
export function isApiPath(path: string): boolean {
	return path === '/api' || path.startsWith('/api/')
}
