/** The words of the pages' shared sections whose text is otherwise the page's own: the order checklist. */
const en = {
	checklist: 'Have these ready',
}

type SectionsMessages = typeof en

const es: SectionsMessages = {
	checklist: 'Tenga esto a mano',
}

export const sections = { en, es }
