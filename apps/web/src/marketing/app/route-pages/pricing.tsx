export { PricingPage as PricingRoutePage } from '../../pages/pricing-page';
