import { defineConfig } from 'tsup';
import { relicTsup } from '@relic3d/config/tsup';

export default defineConfig(relicTsup());
