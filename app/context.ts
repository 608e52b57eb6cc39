import { createContext } from 'react-router'

/** The Content-Security-Policy nonce of this response, set by the Express edge. */
export const cspNonceContext = createContext<string>('')

/** The visitor's address as the Express edge reads it (behind the deployment's proxy, the forwarded one). */
export const clientAddressContext = createContext<string>('')
