import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native shell (issue 5; DESIGN.md "Native app"): Capacitor wraps the same Vite build
 * (`dist`) for Android and iOS. The app talks to the API at `CAPACITOR_SERVER_URL` when set
 * (a development server), otherwise to the bundled files, whose `/api` calls need a build with the
 * API's address (see README "Native apps").
 */
const serverUrl = process.env.CAPACITOR_SERVER_URL;

const config: CapacitorConfig = {
  appId: 'za.co.benefitfinder.app',
  appName: 'Benefit Finder',
  webDir: 'dist',
  ...(serverUrl ? { server: { url: serverUrl, cleartext: serverUrl.startsWith('http:') } } : {}),
  plugins: {
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
    LocalNotifications: { iconColor: '#0ca678' },
  },
};

export default config;
