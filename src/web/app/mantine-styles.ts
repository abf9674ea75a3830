/**
 * Mantine's stylesheets of the first load, per component instead of the whole package sheet: the
 * signup page's first load has a size budget. They keep the order they have in the package sheet
 * (a component's sheet overrides the parts it is built from, Anchor over Text for example): the
 * base first, then the components of the signup's first screen and the parts they are built
 * from. The other components' sheets are in mantine-styles-later.ts, which comes after these and
 * arrives before any view loaded later (later-styles.ts). tests/unit/mantine-styles.test.ts fails
 * when a view uses a component whose sheet is in neither, when the first screen uses one whose
 * sheet is not here, or when the order drifts.
 */
import '@mantine/core/styles/baseline.css';
// Without the colour palettes the first screen does not use (vite.config.ts `mantinePalettes`).
import '@mantine/core/styles/default-css-variables.css?palettes=first';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
