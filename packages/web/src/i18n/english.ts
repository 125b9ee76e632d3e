import antdEnUS from 'antd/es/locale/en_US';
import { enUS } from './en-US';

/** The English texts, loaded only when someone switches to English: Chinese is the default. */
export const english = { messages: enUS, antd: antdEnUS };
