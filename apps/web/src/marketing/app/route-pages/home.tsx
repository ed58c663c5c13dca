export { HomePage as HomeRoutePage } from '../../pages/home-page';
