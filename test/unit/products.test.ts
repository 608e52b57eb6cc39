import { expect, test } from 'vitest'
import type { Product } from '#app/domain/product.ts'
import { mergeRoundRobin, sliderWindow } from '#app/domain/product-lists.ts'

const p = (id: string): Product => ({ title: id, image: `https://cdn.example/${id}.jpg`, url: `https://partner.example/${id}` })

test('slider pool: round-robin across pages, duplicates dropped, capped', () => {
	const merged = mergeRoundRobin([[p('a1'), p('a2'), p('a3')], [p('b1'), p('a1')], [p('c1')]], 80)
	expect(merged.map((product) => product.title)).toEqual(['a1', 'b1', 'c1', 'a2', 'a3'])
	const many = Array.from({ length: 5 }, (_, list) => Array.from({ length: 30 }, (_, n) => p(`${list}-${n}`)))
	expect(mergeRoundRobin(many, 80)).toHaveLength(80)
})

test('slider window: 20 from an offset, wrapping round', () => {
	const items = Array.from({ length: 30 }, (_, n) => n)
	expect(sliderWindow(items, 0)).toEqual(items.slice(0, 20))
	expect(sliderWindow(items, 20)).toEqual([...items.slice(20), ...items.slice(0, 10)])
	expect(sliderWindow([1, 2, 3], 20)).toEqual([3, 1, 2])
	expect(sliderWindow([], 20)).toEqual([])
})
