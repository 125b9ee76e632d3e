/** Every family's screen templates, seeded at start (seedTemplates) after the migrations: taken from the modules. */
export { ALL_TEMPLATES } from './modules';
