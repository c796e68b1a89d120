export { DEMO_PASSWORD, DEMO_WHATSAPP, type DemoLogin, listDemoLogins, seedDemo } from './demo.seed.js';
