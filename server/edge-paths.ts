/** The agents' MCP endpoint, with or without its trailing slash: it answers POST only. */
export function isMcpPath(path: string): boolean {
	return path === '/mcp' || path === '/mcp/'
}

/** The JSON API's paths and the agents' MCP endpoint: no trailing-slash redirect, JSON errors. */
export function isApiPath(path: string): boolean {
	return path === '/api' || path.startsWith('/api/') || isMcpPath(path)
}

/**
 * Vite's own paths under `npm run dev`: its client (`/@vite/client`, `/@id/…`, `/@fs/…`), prebundled
 * dependencies (`/node_modules/…`) and framework internals (`/__…`). The canonical-path redirects
 * leave them as they are; in production nothing answers them but the 404.
 */
export function isDevServerPath(path: string): boolean {
	return path.startsWith('/@') || path.startsWith('/__') || path.startsWith('/node_modules/')
}
