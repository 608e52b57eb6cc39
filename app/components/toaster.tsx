import { X } from 'lucide-react'
import { createContext, useCallback, useContext, useMemo, useState } from 'react'

type Toast = { id: number; title: string; description: string }
type ToastApi = { show: (toast: Omit<Toast, 'id'>) => void }

const ToastContext = createContext<ToastApi>({ show: () => {} })

/** At most one notice on screen (SPEC §4 "Toasts"); a new one replaces the old. `dismiss`: the close button's label, in the page's language. */
export function ToastProvider({ children, dismiss }: { children: React.ReactNode; dismiss: string }) {
	const [toast, setToast] = useState<Toast | null>(null)
	const show = useCallback((next: Omit<Toast, 'id'>) => setToast({ ...next, id: Date.now() }), [])
	const api = useMemo(() => ({ show }), [show])
	return (
		<ToastContext.Provider value={api}>
			{children}
			<div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
				{toast ? (
					<div key={toast.id} className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-2xl bg-stone-900 p-4 text-white shadow-xl">
						<div className="flex-1">
							<p className="font-semibold">{toast.title}</p>
							<p className="mt-1 text-sm text-stone-200">{toast.description}</p>
						</div>
						<button type="button" onClick={() => setToast(null)} className="rounded-full p-1 hover:bg-stone-700" aria-label={dismiss}>
							<X aria-hidden="true" className="size-4" />
						</button>
					</div>
				) : null}
			</div>
		</ToastContext.Provider>
	)
}

export function useToast(): ToastApi {
	return useContext(ToastContext)
}
