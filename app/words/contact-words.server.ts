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
	/** Above the fields: which of them a message needs. */
	needed: 'Your name and message are needed; your email is optional.',
	/** Announced when a message cannot be prepared yet, followed by what each field lacks. */
	notPrepared: 'Your email app was not opened.',
	/** Under a field that keeps the message from being prepared. */
	problems: {
		name: 'Please enter your name.',
		email: 'Please enter an email address such as name@example.com, or leave it empty.',
		message: 'Please write your message.',
	},
	mail: {
		/** Names the sender, whose message it is. */
		subject: 'Message from {name}: flower delivery question',
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
	needed: 'Necesitamos su nombre y su mensaje; el correo electrónico es opcional.',
	notPrepared: 'No se abrió su aplicación de correo.',
	problems: {
		name: 'Escriba su nombre.',
		email: 'Escriba un correo electrónico como nombre@ejemplo.com, o déjelo en blanco.',
		message: 'Escriba su mensaje.',
	},
	mail: {
		subject: 'Mensaje de {name}: pregunta sobre flores a domicilio',
		visitor: 'un visitante',
		nameLine: 'Nombre: {name}',
		emailLine: 'Correo electrónico: {email}',
	},
}

export const contact = { en, es }
