import { expect, test } from 'vitest'
import { distinctQuestions, sameQuestion } from '#app/domain/questions.ts'

test('two questions that ask the same are one question, whatever the wording around them', () => {
	expect(
		sameQuestion('What time zone applies to Tuba City, and how should I address a delivery?', 'What time zone applies to a Tuba City delivery?', 'Tuba City'),
	).toBe(true)
	expect(sameQuestion('Can flowers be delivered on Fort Huachuca?', 'Can I send flowers to someone on Fort Huachuca?', 'Sierra Vista')).toBe(true)
})

test('questions on different topics of one town stay apart, though they share the town’s name', () => {
	expect(sameQuestion('Can flowers be delivered in Why or out toward Organ Pipe?', 'How far ahead should I order for an Ajo birthday?', 'Ajo')).toBe(false)
	expect(sameQuestion('Do you deliver to Tuba City hospitals?', 'Do you deliver to Tuba City schools?', 'Tuba City')).toBe(false)
	expect(sameQuestion('How do flowers survive the summer heat?', 'What should I send for a funeral?')).toBe(false)
})

test('the first of two like questions is kept', () => {
	const items = [
		{ question: 'What time zone applies to Tuba City, and how should I address a delivery?', answer: 'first' },
		{ question: 'What time zone applies to a Tuba City delivery?', answer: 'second' },
		{ question: 'Can flowers reach Moenkopi?', answer: 'third' },
	]
	expect(distinctQuestions(items, 'Tuba City').map((item) => item.answer)).toEqual(['first', 'third'])
})
