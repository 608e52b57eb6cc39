import { createContext } from 'react-router'

/** The Content-Security-Policy nonce of this response, set by the Express edge. */
export const cspNonceContext = createContext<string>('')
