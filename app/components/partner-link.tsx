import { ExternalLink } from 'lucide-react'
import { useMessages } from '#app/components/use-messages.ts'

type PartnerLinkProps = {
	href: string
	children: React.ReactNode
	className?: string
	showIcon?: boolean
}

/** What every link to the partner says of itself: paid (an affiliate link), and no window handle for the partner's page. */
export const PARTNER_LINK_REL = 'sponsored noopener'

/** A link to the partner site: new tab, marked sponsored, and says so to screen readers. */
export function PartnerLink({ href, children, className, showIcon = true }: PartnerLinkProps) {
	const words = useMessages().chrome
	return (
		<a href={href} target="_blank" rel={PARTNER_LINK_REL} className={className}>
			{children}
			{showIcon ? <ExternalLink aria-hidden="true" className="size-4 shrink-0" /> : null}
			<span className="sr-only">{words.partnerNewTab}</span>
		</a>
	)
}

/** The one-line commission disclosure shown near order buttons and in the footer. */
export function AffiliateDisclosure({ className = '', onDark = false }: { className?: string; onDark?: boolean }) {
	const words = useMessages().chrome
	return (
		<p data-disclosure="" className={`text-xs ${onDark ? 'text-stone-200' : 'text-stone-600'} ${className}`}>
			{words.disclosure}
		</p>
	)
}
