/**
 * The contact form, and the message it prepares in the visitor's own email app: the subject and the
 * lines under the visitor's text.
 */
const en = {
	form: 'Contact form',
	/** The subject the browser puts in the message where the scripts have not loaded. */
	subject: 'Flower delivery question',
	name: 'Your name',
	email: 'Your email',
	message: 'Message',
	send: 'Open in my email app',
	note: 'Your email app opens with this message ready to send. Nothing is sent from this site.',
	/** After sending: these three in a row, the second a link to the prepared message. */
	notOpened: 'If your email app did not open, ',
	openPrepared: 'open the prepared message',
	writeTo: ' or write to {email}.',
	mail: {
		subject: 'Flower delivery question from {name}',
		visitor: 'a visitor',
		nameLine: 'Name: {name}',
		emailLine: 'Email: {email}',
	},
}

type ContactMessages = typeof en

const es: ContactMessages = {
	form: 'Formulario de contacto',
	subject: 'Pregunta sobre flores a domicilio',
	name: 'Su nombre',
	email: 'Su correo electrónico',
	message: 'Mensaje',
	send: 'Abrir en mi aplicación de correo',
	note: 'Su aplicación de correo se abre con este mensaje listo para enviar. Este sitio no envía nada.',
	notOpened: 'Si su aplicación de correo no se abrió, ',
	openPrepared: 'abra el mensaje preparado',
	writeTo: ' o escriba a {email}.',
	mail: {
		subject: 'Pregunta sobre flores a domicilio de {name}',
		visitor: 'un visitante',
		nameLine: 'Nombre: {name}',
		emailLine: 'Correo electrónico: {email}',
	},
}

export const contact = { en, es }
