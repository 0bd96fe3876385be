// The sign-in page's entry (login.html; the server sends it for /login). Its screen is prerendered
// (src/app/prerender-login.tsx); this adds only the styles of the Mantine components on it and the few
// behaviours of src/sign-in/sign-in.ts, instead of the whole app (~260 kB gzip) that the page used to run before
// anyone could type: 640–910 ms of main-thread work on Lighthouse's phone
// (docs/decisions.md, "Issue 27 — a lighter sign-in and landing"). Never import the app or React here.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Alert.css';
import { startSignIn } from './sign-in';

startSignIn(document);
