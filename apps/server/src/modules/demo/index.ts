export { DEMO_PASSWORD, type DemoLogin, listDemoLogins, seedDemo } from './demo.seed.js';
