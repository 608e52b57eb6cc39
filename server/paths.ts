/** The agents' MCP endpoint, with or without its trailing slash: it answers POST only. */
export function isMcpPath(path: string): boolean {
	return path === '/mcp' || path === '/mcp/'
}

/** The JSON API's paths and the agents' MCP endpoint: no trailing-slash redirect, JSON errors. */
export function isApiPath(path: string): boolean {
	return path === '/api' || path.startsWith('/api/') || isMcpPath(path)
}
