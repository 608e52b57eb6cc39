import { ExternalLink } from 'lucide-react'

type PartnerLinkProps = {
	href: string
	children: React.ReactNode
	className?: string
	showIcon?: boolean
}

/** A link to the partner site: new tab, marked sponsored, and says so to screen readers. */
export function PartnerLink({ href, children, className, showIcon = true }: PartnerLinkProps) {
	return (
		<a href={href} target="_blank" rel="sponsored noopener" className={className}>
			{children}
			{showIcon ? <ExternalLink aria-hidden="true" className="size-4 shrink-0" /> : null}
			<span className="sr-only"> (opens the partner site in a new tab)</span>
		</a>
	)
}

/** The one-line commission disclosure shown near order buttons and in the footer. */
export function AffiliateDisclosure({ className = '', onDark = false }: { className?: string; onDark?: boolean }) {
	return (
		<p data-disclosure="" className={`text-xs ${onDark ? 'text-stone-200' : 'text-stone-600'} ${className}`}>
			We earn a commission when you order through our partner links, at no extra cost to you.
		</p>
	)
}
