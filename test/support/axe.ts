import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** The page's axe violations (WCAG 2.1 A/AA and best practice), each as "rule: targets"; `include` narrows the check to one part. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
	const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
	const results = await (include ? builder.include(include) : builder).analyze()
	return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}
