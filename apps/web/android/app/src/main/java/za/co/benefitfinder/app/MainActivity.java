package za.co.benefitfinder.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
