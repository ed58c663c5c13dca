export { ContactPage as ContactRoutePage } from '../../pages/contact-page';
