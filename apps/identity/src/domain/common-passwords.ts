/**
 * Passwords of twelve characters or more that are among the most used in published breach corpora (shorter ones
 * are refused for their length anyway), lower-case. Small on purpose: it stops the guesses an attacker tries first,
 * not every weak password; the rate limit on sign-in does the rest.
 */
export const COMMON_PASSWORDS: readonly string[] = [
  '123456789012', '1234567890123', '12345678901234', '123456789123', '123123123123', '123456123456', '111111111111',
  '000000000000', '987654321098', '147258369147', '123321123321', '121212121212', '112233445566', '789456123789',
  '159753159753', '123456654321', '1q2w3e4r5t6y', '1q2w3e4r5t6y7u', 'q1w2e3r4t5y6', 'qwertyuiop12', 'qwertyuiop123',
  'qwerty123456', 'qwertyuiopas', 'qwertyqwerty', 'asdfghjkl123', 'asdfasdfasdf', 'zxcvbnm12345', 'qazwsxedcrfv',
  '1qaz2wsx3edc', '1qaz2wsx3edc4rfv', 'zaq12wsxcde3', 'qweasdzxc123', 'qwe123qwe123', 'abc123abc123', 'abcd1234abcd',
  'password1234', 'password12345', 'password123456', 'password123!', 'password@123', 'password2020', 'password2021',
  'password2022', 'password2023', 'password2024', 'password2025', 'password2026', 'passwordpassword', 'mypassword123',
  'mypassword12', 'newpassword1', 'newpassword123', 'changeme1234', 'changemenow1', 'letmein12345', 'letmeinplease',
  'welcome12345', 'welcome123456', 'welcometo123', 'iloveyou1234', 'iloveyou12345', 'iloveyouforever', 'iloveyou2020',
  'football1234', 'baseball1234', 'basketball12', 'basketball123', 'superman1234', 'batman123456', 'starwars1234',
  'princess1234', 'sunshine1234', 'monkey123456', 'dragon123456', 'master123456', 'shadow123456', 'michael12345',
  'jennifer1234', 'jordan123456', 'liverpool123', 'chelsea12345', 'arsenal12345', 'manchester12', 'manchesterunited',
  'administrator', 'administrator1', 'administrator123', 'admin1234567', 'admin123456789', 'adminadmin123',
  'rootpassword', 'secret123456', 'secretpassword', 'trustno11234', 'whatever1234', 'computer1234', 'internet1234',
  'samsung12345', 'google123456', 'facebook1234', 'linkedin1234', 'microsoft123', 'nintendo1234', 'pokemon12345',
  'minecraft123', 'minecraft1234', 'spiderman123', 'harrypotter1', 'harrypotter123', 'chocolate123', 'butterfly123',
  'qwertyuiopasdfgh', 'qwertyuiopasdfghjkl', 'asdfghjklzxc', 'zxcvbnmasdfg', 'thequickbrownfox', 'correcthorsebatterystaple',
  'opensesame123', 'helloworld12', 'helloworld123', 'hellohello12', 'goodmorning1', 'happybirthday', 'happybirthday1',
  'sweetheart12', 'fuckyou12345', 'blink1821234', 'aaaaaaaaaaaa1', 'a1b2c3d4e5f6', 'a1b2c3d4e5f6g7', '1a2b3c4d5e6f',
  'summer2020!!', 'summer202020', 'winter2020!!', 'spring2021!!', 'autumn2021!!', 'company12345', 'interview123',
  'interview1234', 'videointerview', 'recruiter123', 'recruitment1', 'humanresources', 'hrmanager123',
];
