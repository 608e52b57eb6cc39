import { Fragment } from 'react'

/**
 * A message with some placeholders filled by elements, for words that wrap markup:
 * `fillNodes('A fee of {fee}', { fee: <strong>$5</strong> })`. Like `fill`, a placeholder without a
 * value is left as written.
 */
export function fillNodes(template: string, values: Readonly<Record<string, React.ReactNode>>): React.ReactNode[] {
	return template.split(/(\{\w+\})/).map((part, index) => {
		const key = /^\{(\w+)\}$/.exec(part)?.[1]
		const value = key === undefined ? undefined : values[key]
		return <Fragment key={index}>{value === undefined ? part : value}</Fragment>
	})
}
