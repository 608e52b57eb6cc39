import { ChevronDown } from 'lucide-react'
import type { FaqItem } from '#app/domain/catalog-schema.ts'

export function FaqList({ items }: { items: readonly FaqItem[] }) {
	return (
		<div className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
			{items.map((item) => (
				<details key={item.question} className="group p-5 [&_summary::-webkit-details-marker]:hidden">
					<summary className="flex cursor-pointer items-center justify-between gap-4 font-semibold text-stone-900">
						<h3>{item.question}</h3>
						<ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
					</summary>
					<p className="mt-3 leading-7 text-stone-700">{item.answer}</p>
				</details>
			))}
		</div>
	)
}
