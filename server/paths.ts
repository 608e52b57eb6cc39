/** The JSON API's paths and the agents' MCP endpoint: no trailing-slash redirect, JSON errors. */
export function isApiPath(path: string): boolean {
	return path === '/api' || path.startsWith('/api/') || path === '/mcp'
}
