/**
 * The engine's texts in every language (server, CLI, studio, tests): the catalogue (`catalogue.ts`) with all seven
 * languages added. The web app's form pages import `catalogue.ts` and load only the language they show (`load.ts`).
 */
import { registerCatalogue } from './catalogue.js';
import de from './locales/de.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import vi from './locales/vi.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

registerCatalogue('de', de);
registerCatalogue('fr', fr);
registerCatalogue('vi', vi);
registerCatalogue('es', es);
registerCatalogue('zh', zh);
registerCatalogue('ru', ru);

export * from './catalogue.js';
