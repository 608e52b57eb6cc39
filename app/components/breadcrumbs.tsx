import { ChevronRight } from 'lucide-react'
import type { Crumb } from '#app/domain/structured-data.ts'
import { useMessages } from '#app/components/use-messages.ts'

export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
	return (
		<nav aria-label={useMessages().chrome.breadcrumb} className="container-page pt-6 text-sm text-stone-600">
			<ol className="flex flex-wrap items-center gap-1">
				{crumbs.map((crumb, index) => {
					const last = index === crumbs.length - 1
					return (
						<li key={crumb.path} className="flex items-center gap-1">
							{last ? (
								<span aria-current="page" className="font-medium text-stone-900">
									{crumb.name}
								</span>
							) : (
								<>
									<a href={crumb.path} className="hover:text-brand-700 hover:underline">
										{crumb.name}
									</a>
									<ChevronRight aria-hidden="true" className="size-4" />
								</>
							)}
						</li>
					)
				})}
			</ol>
		</nav>
	)
}
