// Speed work on the writer must not change a byte: every corpus file, read and written, hashes to what
// the writer produced before that work (the shape and the rules: @relic3d/test-harness/pinned-bytes).
import { corpusFiles, readCorpusFile } from '@relic3d/test-harness';
import { describePinnedOutput } from '@relic3d/test-harness/pinned-bytes';
import { parseSync, writeMdl } from '../../src/index.js';
import { activePath, ready } from '@relic3d/kernels';
import { beforeAll, expect } from 'vitest';

// Written with WASM ready, as the CLI writes: the bytes were pinned on the TypeScript path and must not
// depend on which path the kernels take (writers skin on the TypeScript path for that reason).
beforeAll(async () => {
  await ready();
  expect(activePath(), 'the WASM kernels are in use').not.toBe('js');
});

describePinnedOutput({
  title: 'every MDL corpus file',
  entries: corpusFiles('mdl', '.mdl'),
  write: (entry) => writeMdl(parseSync(readCorpusFile(entry))).files,
  pinErrors: true,
  pinned: {
    'circuitchaos__door_double_framewide_v300.mdl': '3071f76f78ee8b4bf03d35abc8e6e964cbd7df8bdca967460dc30dc261626764',
    'circuitchaos__door_double_v300.mdl': '0b2f0c5fe9d04013d14aae09a6da28a3571ede1ca65db776dae1045fdd6dca50',
    'circuitchaos__door_double_window_v300.mdl': 'bdec5c3b4b46bf0acc6cbc0c262e8d6adb3d6656b989ba41d84821b85fd0d08a',
    'circuitchaos__door_single_v300.mdl': '3ff6fd53fe726abed8ccc2bb0a25cd0975dc8ea09914b6346e61c6533656b4dd',
    'circuitchaos__doordouble_wood_v301.mdl': '907b20a7a867375ffd33e1911dc16a8299c89100b7a599a991eb1b995731c138',
    'circuitchaos__doordouble_wood_v302.mdl': '02f10f015f3170e6634230c60e37855295b115d14d50bbba95c05c2a4645d264',
    'circuitchaos__doordoubleframewide_chrome_v301.mdl': '4869c296f54f7722ca6b9027537f5a99373cae8ad708589d0eac97195f5dd32f',
    'circuitchaos__doordoublewindow_wood_v301.mdl': '07d80447edef6cb7a5652077081326e07dd9f1ab60eae21e68f1a9de19b23ecd',
    'circuitchaos__doorframe_v300.mdl': '4c3dc28e436e00fde9af0f1780b38306d68566aeb6cd9888a25dfa2715d9c5ee',
    'circuitchaos__doorsingle_wood_v301.mdl': '9ada16fdb1985fc16c2788e05856bcc9d676887fffeb71377422515bcb83fa53',
    'circuitchaos__doorsingleframe_chrome_v301.mdl': 'e699c390fcadf1722e5f9902695a9b38e412c0bbe001c34c37dfa54088540c19',
    'circuitchaos__doorsinglewindow_wood_v302.mdl': '8e637da230555b54578146e3c14475f64a0a3d92f0cb851fe9dab676a18062bc',
    'circuitchaos__genericcharacter_v300.mdl': 'cddb1dfccf5c9ef5a82825d534ebeab26299ef11355ff0f6dd5e56eb8c5ede19',
    'circuitchaos__pushbuttonbase_v300.mdl': 'a5497aed4128ec20d819f0b822c0b96c6def2ffe78b886c42c7d05449c592df3',
    'circuitchaos__simpledoor_v300.mdl': '6613d7b2f4f923ad3b333ae40e7402279a9e98aec69167c665c294f2e2c61528',
    'circuitchaos__slidingdoor01_v300.mdl': 'a0852ec72dc0575e33a379c8d280366fb8127a86a46b52ffb68da91a73e0e206',
    'circuitchaos__slidingdoor03_v300.mdl': '407ceebe7c239e2c75675725883b85b672a0cad8bd4f21cf82a9b1b9ac574c5f',
    'circuitchaos__switchlever_v300.mdl': '69cdfe4348c566e45081edc8ab7c61fb522689e269af17435701370722f84e3d',
    'circuitchaos__vrteleportdestination_v300.mdl': 'b09f309d0d13deef0c8a9343fafe00c10cd985df6481539dd987cf97c3784d56',
    'circuitchaos__vrteleportglow_v300.mdl': '87b527d85fd9dcf3e89be32437ce2b1a5e229219231d0c5bfa6fb2e7cf2523d1',
    'circuitchaos__vrteleporttarget_v300.mdl': '1f02eabbd266b4f2e19171c93f352daf6141b94fd456b2a00d395e15d86375c0',
    'circuitchaos__weightedbox_v300.mdl': '69e38090e35def0886c58f21fc3ee02116643d2aa386c1258074695b340dfe52',
    'circuitchaos__weightedbuttontop_v300.mdl': '0e41c16e3dcf24f80f3285db77fb224d968dd7c13691643cb897b8c3f43b897b',
    'circuitchaos__widget3d_v300.mdl': '9fb18a72eb882b522c6334c2833f7444b7937b811f0c15446ac7a344cf44b30d',
  },
});
