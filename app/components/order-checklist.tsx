import { ListChecks } from 'lucide-react'
import { useMessages } from '#app/components/use-messages.ts'

/**
 * What to have at hand before ordering (a funeral's date and place, the card
 * message's limit, ...): listed above the order buttons, where a hurried sender
 * reads it before leaving for the partner's checkout.
 */
export function OrderChecklist({ items }: { items: readonly string[] }) {
	const words = useMessages().sections
	return (
		<section aria-labelledby="checklist-title" className="mt-6 max-w-2xl rounded-2xl bg-stone-100 p-5 text-sm leading-6 text-stone-800">
			<h2 id="checklist-title" className="flex items-center gap-2 text-base font-semibold text-stone-900">
				<ListChecks aria-hidden="true" className="size-5 text-brand-700" /> {words.checklist}
			</h2>
			<ul className="mt-2 list-disc space-y-1 pl-5">
				{items.map((item) => (
					<li key={item}>{item}</li>
				))}
			</ul>
		</section>
	)
}
